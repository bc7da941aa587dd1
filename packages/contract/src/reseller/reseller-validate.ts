import { validateJambProfile, validateMeter, validateSmartcard } from '../catalog/validate.js';
import { defineEndpoint } from '../endpoint.js';

// The dashboard's queries, with example values (the sandbox's test meter, card and JAMB profile) for the documentation.
const meterQuery = validateMeter.query!;
const smartcardQuery = validateSmartcard.query!;
const jambQuery = validateJambProfile.query!;

export const resellerValidateMeter = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reseller/validate/meter',
  auth: 'apiKey',
  tags: ['Reseller API'],
  summary: 'Look up an electricity meter before selling to it: customer name, address, minimum amount',
  query: meterQuery.extend({
    meter_number: meterQuery.shape.meter_number.meta({ examples: ['1111111111111'] }),
    disco_name: meterQuery.shape.disco_name.meta({ examples: ['ikeja-electric'] }),
  }),
  data: validateMeter.data.meta({
    examples: [
      {
        customerName: 'ADEBAYO OLUWASEUN',
        address: '12 Allen Avenue, Ikeja',
        meterNumber: '1111111111111',
        meterType: 'prepaid',
        minimumAmount: '1000.00',
        arrears: null,
      },
    ],
  }),
});

export const resellerValidateSmartcard = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reseller/validate/smartcard',
  auth: 'apiKey',
  tags: ['Reseller API'],
  summary: 'Look up a DStv, GOtv, StarTimes or Showmax smartcard: customer, current bouquet, renewal amount',
  query: smartcardQuery.extend({
    smartcard_number: smartcardQuery.shape.smartcard_number.meta({ examples: ['1212121212'] }),
  }),
  data: validateSmartcard.data.meta({
    examples: [
      {
        customerName: 'CHIOMA EZE',
        smartcardNumber: '1212121212',
        currentBouquet: 'DStv Compact',
        currentBouquetCode: null,
        renewalAmount: '15700.00',
        dueDate: '2026-12-01',
        status: 'ACTIVE',
      },
    ],
  }),
});

export const resellerValidateJambProfile = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reseller/validate/jamb-profile',
  auth: 'apiKey',
  tags: ['Reseller API'],
  summary:
    "Look up a JAMB candidate's profile ID before selling a PIN to it (exam jamb, profileId): the candidate's name",
  query: jambQuery.extend({
    profile_id: jambQuery.shape.profile_id.meta({ examples: ['0123456789'] }),
    variation_code: jambQuery.shape.variation_code.meta({ examples: ['utme'] }),
  }),
  data: validateJambProfile.data.meta({
    examples: [{ customerName: 'ADA OKAFOR', profileId: '0123456789', variationCode: 'utme' }],
  }),
});
