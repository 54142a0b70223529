/**
 * The trust's name, fixed (./site-content.ts's FIXED; staff do not edit it). A module of its own so
 * the logo, on every page, brings no site content with it.
 */
export const TRUST_NAME = 'Chennai Animal Rescue Trust';
