/** Messages and codes that the API sends and the client acts on; both sides import them from here. */

export const UNAUTHORIZED_MESSAGE = 'Invalid Authentication, Unauthorized User';
export const ADMIN_REFUSED_MESSAGE = 'Unauthorized User, Access denied';

/** Codes carried by 402 responses, telling the client where to send the student. */
export const PaymentCode = {
  subscriptionRequired: 'SUBSCRIPTION_REQUIRED',
  subscriptionExpired: 'SUBSCRIPTION_EXPIRED',
  insufficientCoins: 'INSUFFICIENT_COINS',
} as const;
export type PaymentCode = (typeof PaymentCode)[keyof typeof PaymentCode];

/** One problem with a request, located by its path in the body, query or headers. */
export interface ApiErrorItem {
  path: (string | number)[];
  message: string;
}

/** The body of every failed API call. */
export interface ApiErrorBody {
  success: false;
  message: string;
  errors?: ApiErrorItem[];
  code?: string;
  requestId?: string;
}

/** The body of every successful API call. */
export interface ApiSuccessBody<T> {
  success: true;
  message: string;
  data: T;
}
