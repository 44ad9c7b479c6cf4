import { useTranslation } from "react-i18next";

/** A free gift's tag, ordering code and name (the cart and fill order show it before the order is placed). */
export function GiftName({ gift }: { gift: { orderingCode: string; nameZh: string; nameEn: string } }) {
  const { t, i18n } = useTranslation("order");
  return (
    <div className="line-info">
      <span className="tag tag-gift">{t("cart.giftTag")}</span> <span className="code">{gift.orderingCode}</span>
      <div className="muted small">
        {i18n.language === "en" ? gift.nameEn : gift.nameZh} · {t("cart.giftNote")}
      </div>
    </div>
  );
}
