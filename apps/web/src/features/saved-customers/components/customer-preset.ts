import type { PurchaseBody } from '../../services/components/use-purchase';
import type { CustomerPreset } from './save-customer-dialog';

/**
 * Who a purchase was for, as a saved customer would keep them: the phone (and network) of an
 * airtime or data sale, the meter (disco, type) of an electricity bill, the smartcard (provider)
 * of a cable one. Exam PINs are sold to no number worth keeping: null.
 */
export function customerPreset(body: PurchaseBody): CustomerPreset | null {
  switch (body.service) {
    case 'airtime':
      return { kind: 'phone', number: body.phone, provider: body.network, meterType: null };
    case 'data':
      return {
        kind: 'phone',
        number: body.phone,
        provider: body.network === 'glo-sme' ? 'glo' : body.network,
        meterType: null,
      };
    case 'electricity':
      return { kind: 'meter', number: body.meterNumber, provider: body.disco, meterType: body.meterType };
    case 'cable':
      return { kind: 'smartcard', number: body.smartcardNumber, provider: body.provider, meterType: null };
    default:
      return null;
  }
}
