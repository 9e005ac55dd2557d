import { dismissToast, type Toast, useAppDispatch } from '@cliffhanger/shared';
import { useSelector } from 'react-redux';
import { useShellT } from '../layout/messages';

export function ToastStack() {
  const toasts = useSelector((state: { toasts: Toast[] }) => state.toasts);
  const dispatch = useAppDispatch();
  const { t } = useShellT();
  return (
    <section className="toast-stack" aria-live="polite" aria-label={t('toasts.region')}>
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
          <div>
            {toast.title && <strong>{toast.title}</strong>}
            <p>{toast.message}</p>
          </div>
          <button
            type="button"
            className="toast-close"
            aria-label={t('toasts.dismiss')}
            onClick={() => dispatch(dismissToast({ id: toast.id }))}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
