import { dismissToast, type Toast, useAppDispatch } from '@cliffhanger/shared';
import { useSelector } from 'react-redux';

export function ToastStack() {
  const toasts = useSelector((state: { toasts: Toast[] }) => state.toasts);
  const dispatch = useAppDispatch();
  return (
    <section className="toast-stack" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
          <div>
            {toast.title && <strong>{toast.title}</strong>}
            <p>{toast.message}</p>
          </div>
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss notification"
            onClick={() => dispatch(dismissToast({ id: toast.id }))}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
