import { useTranslation } from "react-i18next";
import { AdminInput, AdminTextarea } from "~/components/admin/AdminField";

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
  return (
    <>
      <AdminInput label={t("node.labelZh")} name="labelZh" defaultValue={node?.label_zh ?? ""} maxLength={100} required errors={errors.labelZh} />
      <AdminInput label={t("node.labelEn")} name="labelEn" defaultValue={node?.label_en ?? ""} maxLength={100} required errors={errors.labelEn} />
      <AdminTextarea
        label={t("node.describeZh")}
        name="describeZh"
        defaultValue={node?.describe_zh ?? ""}
        maxLength={2000}
        rows={3}
        errors={errors.describeZh}
        wide
      />
      <AdminTextarea
        label={t("node.describeEn")}
        name="describeEn"
        defaultValue={node?.describe_en ?? ""}
        maxLength={2000}
        rows={3}
        errors={errors.describeEn}
        wide
      />
      <AdminInput label={t("node.sort")} name="sort" inputMode="numeric" defaultValue={node?.sort ?? 10} required errors={errors.sort} />
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
