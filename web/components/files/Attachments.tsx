// A message's files in the list: images as thumbnails (opening the viewer), everything else as a file card.
import type { FileInfo } from '../../../common/files.ts';
import { FileCard } from './FileCard.tsx';
import { ImageThumb } from './ImageThumb.tsx';
import './files.css';

type Props = { files: FileInfo[]; onOpenImage: (id: string) => void };

export function Attachments({ files, onOpenImage }: Props) {
  if (files.length === 0) return null;
  return (
    <div className="file-attachments">
      {files.map((f) => (f.kind === 'image'
        ? <ImageThumb key={f._id} file={f} onOpen={() => onOpenImage(f._id)} />
        : <FileCard key={f._id} file={f} />))}
    </div>
  );
}
