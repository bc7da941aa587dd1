import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The spec's wallet state: the balance as the API carries money, a naira string. */
export interface WalletState {
  availableBalance: string;
}

const initialState: WalletState = { availableBalance: '0.00' };

const walletSlice = createSlice({
  name: 'wallet',
  initialState,
  reducers: {
    availableBalanceSet(state, action: PayloadAction<string>) {
      state.availableBalance = action.payload;
    },
  },
});

export const { availableBalanceSet } = walletSlice.actions;
export const walletReducer = walletSlice.reducer;
export const selectAvailableBalance = (state: { wallet: WalletState }) => state.wallet.availableBalance;
