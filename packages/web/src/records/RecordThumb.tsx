import { memo, useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import type { EvidenceKind } from '@portal/contract';
import { thumbnailUrl } from './picture';

/**
 * A record's picture in a list row (issue 18): the portal's small picture of it (image URL, else newest capture,
 * else screenshot; the server chooses), loaded only as its row comes into view (the table renders the rows in view
 * and the browser defers `loading="lazy"` images further), a grey picture sign when there is none.
 */
function RecordThumbOf({ kind, clientId, recordId, alt }: { kind: EvidenceKind; clientId: number; recordId: number; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="rec-thumb rec-thumb-none" data-testid={`${kind}-thumb-none-${recordId}`}>
        <PictureOutlined />
      </span>
    );
  }
  return (
    <img
      className="rec-thumb"
      src={thumbnailUrl(kind, clientId, recordId)}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      data-testid={`${kind}-thumb-${recordId}`}
    />
  );
}

export const RecordThumb = memo(RecordThumbOf);
