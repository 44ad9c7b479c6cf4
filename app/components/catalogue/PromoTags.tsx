import { useTranslation } from "react-i18next";
import type { PromotionKind } from "~/modules/promotions/rules";

export function PromoTags({ tags }: { tags: { kind: PromotionKind; title: string | null }[] }) {
  const { t } = useTranslation("catalogue");
  if (!tags.length) return null;
  return (
    <>
      {tags.map((tag, i) => (
        <span key={`${tag.kind}-${i}`} className={`tag tag-${tag.kind}`} title={tag.title ?? undefined}>
          {t(`tags.${tag.kind}`)}
        </span>
      ))}
    </>
  );
}
