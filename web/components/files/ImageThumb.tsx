// An image's thumbnail as a button that opens the viewer. Its box comes from the stored size, so the list does not
// move when the picture arrives.
import type { FileInfo } from '../../../common/files.ts';
import { Loader } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { thumbnailUrl, useImageData } from './api.ts';
import { thumbnailBox } from './format.ts';
import './files.css';

const m = defineMessages<{ open: { name: string } }>({
  open: { id: 'files.thumbnail.open', defaultMessage: 'Open image {name}', description: 'Screen-reader name of an image\'s thumbnail, which opens the viewer' },
});

type Props = { file: FileInfo; onOpen: () => void; max?: number };

export function ImageThumb({ file, onOpen, max }: Props) {
  const intl = useIntl();
  const { width, height } = thumbnailBox(file, max);
  const data = useImageData(thumbnailUrl(file));
  return (
    <button type="button" className="file-thumb-button" onClick={onOpen} aria-label={intl.formatMessage(m.open, { name: file.name })} data-testid="image-thumbnail">
      {data.data
        ? <img className="file-thumb" src={data.data} width={width} height={height} alt="" />
        : (
          <span className="file-thumb" style={{ width, aspectRatio: `${width} / ${height}`, display: 'grid', placeItems: 'center' }}>
            {data.isPending && <Loader size="xs" aria-hidden />}
          </span>
        )}
    </button>
  );
}
