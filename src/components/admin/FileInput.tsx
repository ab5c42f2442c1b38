import { useEffect, useState } from 'react';
import type { FileSlotDef } from '../../lib/content-type';
import { megabytes } from '../../lib/file-size';
import { frame } from '../../i18n/messages/en/frame';
import { tooLargeText } from '../../scripts/file-limits';

/**
 * A file picker for one declared slot, with a preview of the picked file (an image, or the PDF in an
 * <object> with its name) and, when editing, the stored file that stays unless a new one is picked.
 */
export interface FileInputProps {
  slot: FileSlotDef;
  idPrefix: string;
  file: File | null;
  /** The stored file's /media/ URL while editing. */
  stored: string | null;
  required: boolean;
  error?: string;
  onPick: (file: File | null) => void;
}

const ACCEPT = { image: 'image/jpeg,image/png,image/webp', document: 'application/pdf,.pdf', video: 'video/mp4,video/webm,.mp4,.webm' } as const;
const KIND_TEXT = { image: 'JPEG, PNG or WebP picture', document: 'PDF document', video: 'MP4 or WebM video' } as const;
const LIMIT_DATA = { image: 'maxImageBytes', document: 'maxDocumentBytes', video: 'maxVideoBytes' } as const;

/**
 * What the slot takes, said before a file is chosen: its kind and the server's own limit (MAX_IMAGE_MB,
 * MAX_DOCUMENT_MB, MAX_VIDEO_MB), which the admin layout puts on <body> as the public forms put it beside their fields.
 */
export function fileLimitHint(kind: FileSlotDef['kind']): string {
  const bytes = limitBytes(kind);
  return bytes ? `${KIND_TEXT[kind]}, up to ${megabytes(bytes)} MB.` : `${KIND_TEXT[kind]}.`;
}

/** The slot's limit in bytes as the layout publishes it; null where it does not (then the server alone checks). */
function limitBytes(kind: FileSlotDef['kind']): number | null {
  const bytes = typeof document === 'undefined' ? NaN : Number(document.body.dataset[LIMIT_DATA[kind]]);
  return Number.isFinite(bytes) && bytes > 0 ? bytes : null;
}

/**
 * A chosen file over the slot's limit, refused before the form sends anything (the server checks again): the
 * words to show, or null when the file fits.
 */
function tooLarge(kind: FileSlotDef['kind'], file: File): string | null {
  const bytes = limitBytes(kind);
  return bytes !== null && file.size > bytes ? tooLargeText(frame.fileTooLarge(megabytes(bytes)), file) : null;
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

export default function FileInput({ slot, idPrefix, file, stored, required, error, onPick }: FileInputProps) {
  const id = `${idPrefix}-file-${slot.key}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const previewUrl = useObjectUrl(file);
  const isImage = slot.kind === 'image';
  const [refused, setRefused] = useState<string | null>(null);
  const shownError = refused ?? error;

  return (
    <div className="field field-file">
      <span className="field-label">
        <label htmlFor={id}>{slot.label}</label>
        {required && <span className="required-mark" aria-hidden="true">*</span>}
      </span>
      <input
        type="file"
        id={id}
        name={slot.key}
        accept={ACCEPT[slot.kind]}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0] ?? null;
          const said = chosen && tooLarge(slot.kind, chosen);
          setRefused(said || null);
          // A file too large is never kept for the form, so no save can send it; the stored file stays.
          if (said) event.currentTarget.value = '';
          onPick(said ? null : chosen);
        }}
      />
      <p id={hintId} className="field-hint">{fileLimitHint(slot.kind)}</p>
      {file && previewUrl && (
        <div className="file-preview">
          {isImage ? (
            <img src={previewUrl} alt={`Preview of ${file.name}`} className="preview-image" />
          ) : slot.kind === 'video' ? (
            <>
              <video src={previewUrl} controls preload="metadata" className="preview-image" aria-label={`Preview of ${file.name}`} />
              <p className="file-name">{file.name}</p>
            </>
          ) : (
            <>
              <object data={previewUrl} type="application/pdf" className="preview-document" aria-label={`Preview of ${file.name}`}>
                <a href={previewUrl} target="_blank" rel="noopener">Open the chosen document</a>
              </object>
              <p className="file-name">{file.name}</p>
            </>
          )}
        </div>
      )}
      {!file && stored && (
        <p className="file-stored">
          {isImage ? <img src={stored} alt="" width={50} height={50} className="thumb" /> : <a href={stored} target="_blank" rel="noopener">{slot.kind === 'video' ? 'Current video' : 'Current document'}</a>}
          <span>Kept unless you choose a new file.</span>
        </p>
      )}
      {shownError && <p id={errorId} className="field-error" role={refused ? 'alert' : undefined}>{shownError}</p>}
    </div>
  );
}
