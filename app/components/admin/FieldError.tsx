import { useErrorText } from "~/components/auth/FormField";

/**
 * A back-office field's error under its plain input (the admin pages are not Chakra): the first
 * text of conform's `field.errors`, already in the user's language (~/utils/reply.server). The
 * form-level error is FormError (~/components/auth/FormField).
 */
export function FieldError({ errors, id, testId }: { errors?: string[]; id: string; testId?: string }) {
  const text = useErrorText()(errors);
  if (!text) return null;
  return (
    <span className="field-error" id={id} data-testid={testId}>
      {text}
    </span>
  );
}
