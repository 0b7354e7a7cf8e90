/**
 * A field's own error line. Its id is what the field names in `aria-describedby`, so the text is
 * read with the field; nothing is rendered while there is no error.
 */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}
