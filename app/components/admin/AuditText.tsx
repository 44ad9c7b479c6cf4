import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { toLanguage } from "~/i18n/config";

/** What an audit entry's page parts need (the audit log and the dashboard's recent changes). */
export interface AuditEntryView {
  entity: string;
  action: string;
  actionKey: string;
  object: { code: string; name_zh?: string; name_en?: string; href?: string };
}

/**
 * The readable texts of an audit entry (namespace adminUsers): the action from the table of
 * action keys ("确认订单 / Confirmed order"), else the verb and the kind of object; the kind's name.
 */
export function useAuditText() {
  const { t } = useTranslation("adminUsers");
  const kind = (entity: string) => t(`audit.objects.${entity}`, { defaultValue: entity });
  const action = (e: Pick<AuditEntryView, "entity" | "action" | "actionKey">) =>
    t(`audit.actions.${e.actionKey}`, { defaultValue: `${t(`audit.verbs.${e.action}`, { defaultValue: e.action })} · ${kind(e.entity)}` });
  return { action, kind };
}

/** The object an entry is about: its kind, number or code and name, linked to its back-office page where it has one. */
export function AuditObject({ entry }: { entry: AuditEntryView }) {
  const { i18n } = useTranslation("adminUsers");
  const { kind } = useAuditText();
  const { object } = entry;
  const name = toLanguage(i18n.language) === "en" ? object.name_en : object.name_zh;
  const label = (
    <>
      <span className="code">{object.code}</span>
      {name && name !== object.code ? ` ${name}` : null}
    </>
  );
  return (
    <span className="audit-object">
      {kind(entry.entity)} {object.href ? <Link to={object.href}>{label}</Link> : label}
    </span>
  );
}
