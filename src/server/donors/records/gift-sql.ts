/**
 * How the donor pages read a gift in SQL (over `donations d`); the migration's rollup trigger
 * (Migration20261128030000) uses the same rules.
 */

/** When a gift was given: the day received for a gift recorded by staff (India midnight), else when it was made. */
export const GIFT_AT = `coalesce(d.received_on::timestamp at time zone 'Asia/Kolkata', d.created_at)`;

/** Paise the trust kept of a gift (as the overview counts): a paid gift less any part refunded, else nothing. */
export const KEPT = `case when d.status = 'paid' then d.amount - d.refunded_amount else 0 end`;

/** A phone as compared: its last ten digits (`+91 98765-43210` is `9876543210`); donations_phone_key_index. */
export const PHONE_KEY = `right(regexp_replace(d.phone, '[^0-9]', '', 'g'), 10)`;

/** An address as compared: letters and digits only, lower case; donations_address_key_index. */
export const ADDRESS_KEY = `lower(regexp_replace(d.address, '[^[:alnum:]]+', '', 'g'))`;
