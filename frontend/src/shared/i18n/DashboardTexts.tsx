import ar from './dashboard/ar.json';
import en from './dashboard/en.json';
import { addedTexts } from './addedTexts';

/** The dashboard's texts, added to the shop's around the dashboard. */
export const DashboardTexts = addedTexts({ ar, en });
