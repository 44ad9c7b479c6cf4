import { useTranslation } from "react-i18next";

/** The short name of a stored file's type (the types the content store accepts, files.server.ts). */
const LABELS: Record<string, string> = {
  "application/pdf": "PDF",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "application/zip": "ZIP",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word (DOCX)",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel (XLSX)",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PowerPoint (PPTX)",
};

export function fileTypeLabel(mime: string): string {
  return LABELS[mime] ?? (mime.split("/").pop() ?? mime).toUpperCase();
}

/** Bytes as KB (under 1 MB, rounded up) or MB with one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "PDF, 120 KB" beside a download link. */
export function FileFacts({ type, size }: { type: string; size: number }) {
  const { t } = useTranslation("bidding");
  return <span className="file-facts">{t("fileFacts", { type: fileTypeLabel(type), size: formatFileSize(size) })}</span>;
}
