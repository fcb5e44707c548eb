// Files dropped anywhere on an area (the open conversation): `dragging` marks it while files are held over it.
import { useRef, useState, type DragEvent } from 'react';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

export function useFileDrop(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave fire for every child crossed: a count says when the pointer has left the area itself.
  const depth = useRef(0);
  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current++;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      const files = [...event.dataTransfer.files];
      if (files.length) onFiles(files);
    },
  };
  return { dragging, handlers };
}

/** Images pasted into a text field (a screenshot): the files, or none when the paste is text. */
export const pastedFiles = (data: DataTransfer | null): File[] => [...(data?.files ?? [])].filter((f) => f.type.startsWith('image/'));
