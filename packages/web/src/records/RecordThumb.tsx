import { memo, useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import type { EvidenceKind } from '@portal/contract';

/**
 * A record's picture in a list row (issue 18): the portal's small picture of it (image URL, else newest capture,
 * else screenshot; the server chooses), loaded only as its row comes into view (the table renders the rows in view
 * and the browser defers `loading="lazy"` images further), a grey picture sign when there is none: `src` is null
 * for a record the list answer says has no picture (nothing is asked), and a picture that fails to load gives way.
 */
function RecordThumbOf({ kind, src, recordId, alt }: { kind: EvidenceKind; src: string | null; recordId: number; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || src === null) {
    return (
      <span className="rec-thumb rec-thumb-none" data-testid={`${kind}-thumb-none-${recordId}`}>
        <PictureOutlined />
      </span>
    );
  }
  return (
    <img
      className="rec-thumb"
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      data-testid={`${kind}-thumb-${recordId}`}
    />
  );
}

export const RecordThumb = memo(RecordThumbOf);
