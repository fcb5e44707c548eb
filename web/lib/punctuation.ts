// Signs drawn between catalogue texts that read the same in English and French (not words, so not in the catalogue;
// the JSX lint flags a literal, not a named sign). Quotation marks and colons differ in French: those are messages.
export const DOT = ' · ';
export const DASH = '—';
export const ARROW = ' → ';
/** Between the names of a short list of links (a therapist's practices). */
export const COMMA = ', ';
