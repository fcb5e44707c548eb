/**
 * Enter in a combobox (a Select, MultiSelect or TagsInput: Mantine marks each with aria-haspopup="listbox") picks an
 * option or adds a tag; it never sends the form around it. The browser sends a form on Enter in any of its text
 * fields unless the key's default is prevented, and Mantine prevents it only when an option is highlighted: typing a
 * value that is not in the list ("Young adults") and pressing Enter saved the whole profile and left the page.
 *
 * One listener for every form, present and future: it runs after the field's own handlers (React's, at the root),
 * so Mantine still sees the key and picks the highlighted option or adds the typed tag first.
 */
export function keepEnterInComboboxes(target: Document = document): void {
  target.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing) return;
    const field = event.target;
    if (field instanceof HTMLInputElement && field.form && field.getAttribute('aria-haspopup') === 'listbox') event.preventDefault();
  });
}
