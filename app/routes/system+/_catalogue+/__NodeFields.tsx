import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/admin/FieldError";

type Errors = Record<string, string[] | undefined>;

/** The fields of a catalogue node's form (new and edit); `errors` are conform's, in the user's language. */
export function NodeFields({
  node,
  errors,
}: {
  node: { label_zh: string; label_en: string; describe_zh: string; describe_en: string; show_flag: number; is_non_standard: number; sort: number } | null;
  errors: Errors;
}) {
  const { t } = useTranslation("adminCatalog");
  const err = (name: string) => errors[name]?.[0];
  const aria = (name: string) => (err(name) ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  const message = (name: string) => <FieldError errors={errors[name]} id={`${name}-error`} />;
  return (
    <>
      <label>
        {t("node.labelZh")}
        <input name="labelZh" defaultValue={node?.label_zh ?? ""} maxLength={100} required {...aria("labelZh")} />
        {message("labelZh")}
      </label>
      <label>
        {t("node.labelEn")}
        <input name="labelEn" defaultValue={node?.label_en ?? ""} maxLength={100} required {...aria("labelEn")} />
        {message("labelEn")}
      </label>
      <label className="admin-form-wide">
        {t("node.describeZh")}
        <textarea name="describeZh" defaultValue={node?.describe_zh ?? ""} maxLength={2000} rows={3} {...aria("describeZh")} />
        {message("describeZh")}
      </label>
      <label className="admin-form-wide">
        {t("node.describeEn")}
        <textarea name="describeEn" defaultValue={node?.describe_en ?? ""} maxLength={2000} rows={3} {...aria("describeEn")} />
        {message("describeEn")}
      </label>
      <label>
        {t("node.sort")}
        <input name="sort" inputMode="numeric" defaultValue={node?.sort ?? 10} required {...aria("sort")} />
        {message("sort")}
      </label>
      <label className="admin-check">
        <input type="checkbox" name="showFlag" defaultChecked={node ? node.show_flag === 1 : true} />
        {t("node.showFlag")}
      </label>
      <label className="admin-check">
        <input type="checkbox" name="isNonStandard" defaultChecked={node?.is_non_standard === 1} />
        {t("node.nonStandard")}
      </label>
    </>
  );
}
