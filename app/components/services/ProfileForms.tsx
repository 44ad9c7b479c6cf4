import { Button, SimpleGrid } from "@chakra-ui/react";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, FormField } from "~/components/auth/FormField";

type ContactFields = Record<"intent" | "name" | "mobile" | "email", string>;

/** The account's own contact details (a plain POST form; the server validates, decision 041). */
export function ContactForm({
  account,
  lastResult,
}: {
  account: { name: string; mobile: string; email: string };
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("auth");
  const { t: ts } = useTranslation("services");
  const [form, fields] = useForm<ContactFields>({
    id: "profile-contact",
    lastResult,
    defaultValue: { name: account.name, mobile: account.mobile, email: account.email },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="profile-contact-title" className="profile-section">
      <h2 id="profile-contact-title" className="section-title">
        {ts("profile.contactTitle")}
      </h2>
      <Form method="post" {...getFormProps(form)} data-testid="profile-contact-form">
        <input type="hidden" name="intent" value="contact" />
        <FormError errors={form.errors} id={form.errorId} />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormField field={fields.name} label={t("profile.name")} autoComplete="name" required maxLength={50} />
          <FormField field={fields.mobile} label={t("profile.mobile")} type="tel" inputMode="tel" autoComplete="tel" required />
          <FormField field={fields.email} label={t("profile.email")} type="email" autoComplete="email" required />
        </SimpleGrid>
        <Button type="submit" mt="4" colorPalette="brand" data-testid="profile-save">
          {ts("profile.save")}
        </Button>
      </Form>
    </section>
  );
}

/** Upload (PNG/JPEG, at most 1 MB) or remove the avatar: a multipart form posted to /profile/avatar. */
export function AvatarForm({ hasAvatar }: { hasAvatar: boolean }) {
  const { t } = useTranslation("services");
  return (
    <section aria-labelledby="profile-avatar-title" className="profile-section">
      <h2 id="profile-avatar-title" className="section-title">
        {t("profile.avatarTitle")}
      </h2>
      <Form
        method="post"
        action="/profile/avatar"
        encType="multipart/form-data"
        reloadDocument
        data-testid="profile-avatar-form"
        className="profile-avatar-form"
      >
        <input type="hidden" name="intent" value="upload" />
        <label htmlFor="profile-avatar-file">{t("profile.avatarLabel")}</label>
        <input id="profile-avatar-file" type="file" name="avatar" accept="image/png,image/jpeg" aria-describedby="profile-avatar-help" />
        <p id="profile-avatar-help" className="profile-help">
          {t("profile.avatarHelp")}
        </p>
        <button type="submit" className="btn" data-testid="profile-avatar-upload">
          {t("profile.avatarUpload")}
        </button>
      </Form>
      {hasAvatar ? (
        <Form method="post" action="/profile/avatar" reloadDocument data-testid="profile-avatar-remove-form">
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="btn btn-outline btn-danger" data-testid="profile-avatar-remove">
            {t("profile.avatarRemove")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
