/**
 * Before the coin store charges the saved card: what will be bought, for how much, and on which card,
 * with Pay and Cancel (and the payment page for another way to pay). Shown as the unlock sheet is: a
 * bottom sheet on a phone, a dialog on a desktop. Escape or a tap outside cancels; focus starts on Pay
 * and goes back to the pack's button on close.
 */
import { Button } from '@cliffhanger/shared';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cardName, cardSpoken } from '../features/payment-methods/card-face';
import type { PaymentMethod } from '../features/payment-methods/payment-methods.api';
import { useWalletT } from '../messages';

export function OneTapConfirm({
  coins,
  price,
  card,
  onPay,
  onOtherWay,
  onCancel,
}: {
  /** The pack's coins in words ("120 coins"). */
  coins: string;
  /** The price as charged ("99 ₽"). */
  price: string;
  card: PaymentMethod;
  onPay: () => void;
  onOtherWay: () => void;
  onCancel: () => void;
}) {
  const { t } = useWalletT();
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLButtonElement>('[data-pay]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [onCancel]);

  return createPortal(
    <div className="unlock-sheet-layer">
      <button
        type="button"
        className="unlock-sheet-backdrop"
        aria-label={t('common.close')}
        tabIndex={-1}
        onClick={onCancel}
      />
      <div
        ref={dialog}
        className="unlock-sheet"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <h2 id={titleId} className="unlock-sheet-title">
          {t('oneTap.title', { coins })}
        </h2>
        <p id={textId}>
          {t('oneTap.charge', { price })} <strong aria-hidden="true">{cardName(card)}</strong>
          <span className="ch-visually-hidden">{cardSpoken(card)}</span>.
        </p>
        <Button data-pay="" onClick={onPay}>
          {t('oneTap.pay', { price })}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <p className="unlock-sheet-other">
          <button type="button" className="ch-link-button" onClick={onOtherWay}>
            {t('oneTap.otherWay')}
          </button>
        </p>
      </div>
    </div>,
    document.body,
  );
}
