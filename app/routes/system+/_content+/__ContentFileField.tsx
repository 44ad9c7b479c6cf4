import { useTranslation } from "react-i18next";

/** A download's or a training course's file on the content form: the current one (may be removed) and an upload if the editor may. */
export function ContentFileField({ file, canUpload, maxMb }: { file: { name: string; size: number } | null; canUpload: boolean; maxMb: number }) {
  const { t } = useTranslation("adminContent");
  return (
    <div className="admin-form-wide">
      {file ? (
        <p>
          {t("content.currentFile", { name: file.name, kb: Math.ceil(file.size / 1024) })}{" "}
          <label className="admin-inline">
            <input type="checkbox" name="removeFile" /> {t("content.removeFile")}
          </label>
        </p>
      ) : null}
      {canUpload ? (
        <label>
          {t("content.file")}
          <input type="file" name="file" accept=".pdf,.png,.jpg,.jpeg,.zip,.docx,.xlsx,.pptx" aria-describedby="file-hint" data-testid="content-file" />
          <small id="file-hint" className="admin-muted">
            {t("content.fileHint", { mb: maxMb })}
          </small>
        </label>
      ) : (
        <p className="admin-muted">{t("content.noUpload")}</p>
      )}
    </div>
  );
}
