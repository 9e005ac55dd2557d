/** The shared UI kit: the few building blocks every remote renders the same way. */
import {
  type ButtonHTMLAttributes,
  type ImgHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  useId,
  useState,
} from 'react';
import { useUiT } from './messages';
import './ui.css';

export const PRODUCT_NAME = 'Cliffhanger';
/** The full-screen spinner's text in English; the spinner itself says it in the page's language. */
export const LOADING_TEXT = `Loading ${PRODUCT_NAME}…`;
export const PLACEHOLDER_POSTER = '/placeholder-poster.jpg';
export const PLACEHOLDER_COVER = '/placeholder-cover.jpg';

/** The full-screen spinner shown while a screen loads (product.md#shell); its text names the product. */
export function FullScreenSpinner({ label }: { label?: string }) {
  const { t } = useUiT();
  return (
    <div className="ch-spinner-screen" role="status" aria-live="polite">
      <div className="ch-spinner" aria-hidden="true" />
      <span>{label ?? t('loadingProduct', { product: PRODUCT_NAME })}</span>
    </div>
  );
}

export function InlineSpinner({ label }: { label?: string }) {
  const { t } = useUiT();
  return (
    <div className="ch-spinner-inline" role="status" aria-live="polite">
      <div className="ch-spinner" aria-hidden="true" />
      <span className="ch-muted">{label ?? t('loading')}</span>
    </div>
  );
}

type Variant = 'primary' | 'secondary' | 'gold' | 'ghost';

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  const classes = ['ch-button', variant !== 'primary' && `ch-button--${variant}`, className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}

/** An image that falls back to the product placeholder when its address is missing or broken (product.md#shell). */
export function MediaImage({
  src,
  kind = 'poster',
  alt,
  srcSet,
  sizes,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src?: string | null; kind?: 'poster' | 'cover' }) {
  const placeholder = kind === 'poster' ? PLACEHOLDER_POSTER : PLACEHOLDER_COVER;
  const [failed, setFailed] = useState(false);
  const showsPlaceholder = !src || failed;
  const effective = showsPlaceholder ? placeholder : src;
  return (
    <img
      src={effective}
      // The placeholder has no renditions: a failed image drops them with its address.
      srcSet={showsPlaceholder ? undefined : srcSet}
      sizes={showsPlaceholder ? undefined : sizes}
      alt={alt ?? ''}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (!failed && effective !== placeholder) setFailed(true);
      }}
      {...rest}
    />
  );
}

export function Page({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <main className="ch-page">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <h1>{title}</h1>
        {actions}
      </div>
      {children}
    </main>
  );
}

export function ErrorNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useUiT();
  return (
    <div className="ch-card" role="alert">
      <p className="ch-error-text">{message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
      )}
    </div>
  );
}

/**
 * The coin mark, drawn rather than an emoji so it looks the same on every device. Shapes only, no text:
 * the balance beside it must read as just the number.
 */
export function CoinIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="ch-coin-icon">
      <circle cx="12" cy="12" r="10" fill="#f5c451" stroke="#b8862a" strokeWidth="2" />
      <circle cx="12" cy="12" r="5.5" fill="none" stroke="#b8862a" strokeWidth="1.6" />
    </svg>
  );
}

/** A labelled input whose message sits next to it and is announced (aria-describedby, aria-invalid). */
export function FormField({
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ch-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <span id={`${id}-hint`} className="ch-muted ch-field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="ch-field-error">
          {error}
        </span>
      )}
    </div>
  );
}
