/** Which saved card is being changed, and what went wrong last. */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface PaymentMethodsState {
  adding: boolean;
  busyId: number | null;
  error: string | null;
}

export const paymentMethodAddRequested = createAction<{ paymentMethodId: string }>('paymentMethods/addRequested');
export const paymentMethodRemoveRequested = createAction<{ id: number }>('paymentMethods/removeRequested');
export const paymentMethodDefaultRequested = createAction<{ id: number }>('paymentMethods/defaultRequested');

export const paymentMethodsSlice = createSlice({
  name: 'paymentMethods',
  initialState: { adding: false, busyId: null, error: null } as PaymentMethodsState,
  reducers: {
    paymentMethodsSettled(state, { payload }: PayloadAction<{ error: string | null }>) {
      state.adding = false;
      state.busyId = null;
      state.error = payload.error;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(paymentMethodAddRequested, (state) => {
        state.adding = true;
        state.error = null;
      })
      .addCase(paymentMethodRemoveRequested, (state, { payload }) => {
        state.busyId = payload.id;
        state.error = null;
      })
      .addCase(paymentMethodDefaultRequested, (state, { payload }) => {
        state.busyId = payload.id;
        state.error = null;
      });
  },
});

export const { paymentMethodsSettled } = paymentMethodsSlice.actions;
export const selectPaymentMethodsActivity = (state: { wallet: { paymentMethods: PaymentMethodsState } }) =>
  state.wallet.paymentMethods;
