/** The toasts on screen (product.md#shell): at most TOAST_MAX, the oldest dropped, each with its type's duration. */
import {
  dismissToast,
  showToast,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_DURATION_MS,
  TOAST_MAX,
  type Toast,
  type ToastInput,
} from '@cliffhanger/shared';
import { createSlice } from '@reduxjs/toolkit';

export function toastDuration(input: ToastInput): number {
  if (typeof input.duration === 'number' && input.duration > 0) return input.duration;
  return input.type ? TOAST_DURATION_MS[input.type] : TOAST_DEFAULT_DURATION_MS;
}

let sequence = 0;

export function toToast(input: ToastInput): Toast {
  sequence += 1;
  return {
    id: `toast-${Date.now()}-${sequence}`,
    type: input.type ?? 'info',
    title: input.title ?? '',
    message: input.message,
    duration: toastDuration(input),
  };
}

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastAdded(state, action: { payload: Toast }) {
      state.push(action.payload);
      while (state.length > TOAST_MAX) state.shift();
    },
  },
  extraReducers: (builder) => {
    builder.addCase(dismissToast, (state, { payload }) => state.filter((toast) => toast.id !== payload.id));
  },
});

export const { toastAdded } = toastsSlice.actions;
export { showToast };
