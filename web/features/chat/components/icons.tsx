// A few line icons drawn for the chat; decorative (aria-hidden): every control carries its own label.
import type { ReactNode } from 'react';

function Icon({ children, size = 18 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      {children}
    </svg>
  );
}

export const BackIcon = () => <Icon><path d="M15 18l-6-6 6-6" /></Icon>;
export const TrashIcon = () => <Icon size={16}><path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" /></Icon>;
export const PinIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}><path d="M9 4h6M10 4v5l-3 4h10l-3-4V4M12 13v7" /></Icon>
);
export const SmileIcon = () => <Icon size={20}><circle cx="12" cy="12" r="9" /><path d="M8 14a5 5 0 0 0 8 0M9 9.5h.01M15 9.5h.01" /></Icon>;
export const SendIcon = () => <Icon><path d="M4 12l16-8-6 16-2-7-8-1z" /></Icon>;
export const SearchIcon = () => <Icon><circle cx="11" cy="11" r="7" /><path d="M20 20l-4-4" /></Icon>;
export const InfoIcon = () => <Icon><circle cx="12" cy="12" r="9" /><path d="M12 11v5M12 8h.01" /></Icon>;
export const PeopleIcon = () => <Icon size={20}><circle cx="9" cy="8" r="3" /><path d="M3 19c0-3 3-5 6-5s6 2 6 5M16 5a3 3 0 0 1 0 6M18 14c2 .5 3 2.5 3 5" /></Icon>;
