// @paystack/inline-js ships no types; these cover the part of its documented API that the checkout uses.
declare module '@paystack/inline-js' {
  export interface PaystackTransactionOptions {
    key: string;
    email: string;
    /** In kobo. */
    amount: number;
    currency?: string;
    reference?: string;
    firstName?: string;
    lastName?: string;
    phone?: string;
    metadata?: Record<string, unknown>;
    onLoad?: (response: { id: number; accessCode: string }) => void;
    onSuccess?: (transaction: { id: number; reference: string; message: string }) => void;
    onCancel?: () => void;
    onError?: (error: { message: string }) => void;
  }

  export interface PopupTransaction {
    id: string;
  }

  export default class PaystackPop {
    newTransaction(options: PaystackTransactionOptions): PopupTransaction;
    cancelTransaction(transaction: PopupTransaction | string): void;
  }
}
