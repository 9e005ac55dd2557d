/** Form pieces every staff screen uses: a labelled field with its message beside it, and a pager. */
import { Button, errorMessage, formatNumber } from '@cliffhanger/shared';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { useLayoutT } from './messages';

export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="ch-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error || hint ? messageId : undefined })}
      {error ? (
        <p id={messageId} className="ch-field-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="ch-muted admin-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(props) => <input {...props} {...input} />}
    </Field>
  );
}

/** A labelled select of fixed choices, each `[value, label]`. */
export function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange(value: boolean): void;
  disabled?: boolean;
}) {
  return (
    <label className="admin-check">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function Pager({
  page,
  limit,
  count,
  onPage,
  label,
}: {
  page: number;
  limit: number;
  count: number;
  onPage(page: number): void;
  /** Names the pager for screen readers when a screen has more than one list. */
  label?: string;
}) {
  const { t, language } = useLayoutT();
  const pages = Math.max(1, Math.ceil(count / limit));
  return (
    <nav className="admin-pager" aria-label={label ?? t('pager.label')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span className="ch-muted">
        {t('pager.summary', {
          page: formatNumber(page, language),
          pages: formatNumber(pages, language),
          total: formatNumber(count, language),
        })}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}

/** The message of a failed RTK Query call, or the fallback. */
export function problemOf(error: unknown, fallback: string): string {
  const data = (error as { data?: unknown; message?: string } | undefined)?.data;
  return errorMessage({ data }, (error as { message?: string })?.message || fallback);
}

/** Field messages of a 400 answer ({errors: [{field, message}]}), keyed by field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = (
    (error as { data?: { errors?: Array<{ field: string; message: string }> } })?.data?.errors ?? []
  ).filter((e) => e && typeof e.field === 'string');
  return Object.fromEntries(errors.map((e) => [e.field.split('.')[0] as string, e.message]));
}
