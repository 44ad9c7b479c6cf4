import { useCachedT } from "~/i18n/useCachedT";
import type { PromotionKind } from "~/modules/promotions/rules";

export function PromoTags({ tags }: { tags: { kind: PromotionKind; title: string | null }[] }) {
  const t = useCachedT("catalogue");
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
