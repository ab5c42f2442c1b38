/** The bar an upload shows while its bytes travel; nothing when no upload is under way. */
export default function UploadProgress({ id, progress }: { id: string; progress: number | null }) {
  if (progress === null) return null;
  return (
    <div className="upload-progress">
      <label htmlFor={id}>Uploading… {progress}%</label>
      <progress id={id} max={100} value={progress}>{progress}%</progress>
    </div>
  );
}
