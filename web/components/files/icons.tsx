// Line icons for files; decorative (aria-hidden): every control carries its own label.
import type { ReactNode } from 'react';
import type { FileInfo } from '../../../common/files.ts';

function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      {children}
    </svg>
  );
}

export const PaperclipIcon = () => (
  <Icon><path d="M21 11l-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" /></Icon>
);
export const CloseIcon = ({ size = 16 }: { size?: number }) => <Icon size={size}><path d="M6 6l12 12M18 6L6 18" /></Icon>;
export const ChevronIcon = ({ direction }: { direction: 'left' | 'right' }) => (
  <Icon><path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 6l6 6-6 6'} /></Icon>
);
export const FolderIcon = () => <Icon><path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" /></Icon>;

const PAGE = 'M6 3h8l5 5v13H6zM14 3v5h5';
const MARKS: Record<FileInfo['kind'], ReactNode> = {
  image: <><path d="M4 5h16v14H4z" /><path d="M4 16l5-5 4 4 2-2 5 5" /><circle cx="15.5" cy="9" r="1.5" /></>,
  pdf: <><path d={PAGE} /><path d="M9 13h6M9 17h4" /></>,
  document: <><path d={PAGE} /><path d="M9 12h7M9 15h7M9 18h5" /></>,
  text: <><path d={PAGE} /><path d="M9 13h6M12 13v6" /></>,
};

export const KindIcon = ({ kind, size = 28 }: { kind: FileInfo['kind']; size?: number }) => <Icon size={size}>{MARKS[kind]}</Icon>;
