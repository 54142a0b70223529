import { parseRupees } from '../../../../shared/rupees';

/** What the appeal form holds: text as typed (the goal in rupees), turned into the procedure's input on save. */
export interface AppealFormValues {
  title: string;
  story: string;
  goalRupees: string;
  endsOn: string;
  purposeClass: 'specific-grant' | 'corpus' | 'others';
  beyondGoal: string;
  /** The photos' image ids, in the order the page shows them. */
  photoImageIds: number[];
  videoUrl: string;
  vetBillImageId: number | null;
}

export const emptyAppeal = (): AppealFormValues => ({
  title: '',
  story: '',
  goalRupees: '',
  endsOn: '',
  purposeClass: 'specific-grant',
  beyondGoal: '',
  photoImageIds: [],
  videoUrl: '',
  vetBillImageId: null,
});

/** A stored appeal (staff.appeals.get) as the form edits it. */
export function formValuesOf(appeal: {
  title: string;
  story: string;
  goal: number;
  endsOn: string | null;
  purposeClass: string;
  beyondGoal: string | null;
  photoImageIds: number[];
  videoUrl: string | null;
  vetBillImageId: number | null;
}): AppealFormValues {
  return {
    title: appeal.title,
    story: appeal.story,
    goalRupees: String(appeal.goal / 100),
    endsOn: appeal.endsOn ?? '',
    purposeClass: appeal.purposeClass as AppealFormValues['purposeClass'],
    beyondGoal: appeal.beyondGoal ?? '',
    photoImageIds: appeal.photoImageIds,
    videoUrl: appeal.videoUrl ?? '',
    vetBillImageId: appeal.vetBillImageId,
  };
}

/**
 * The procedure's input: the goal in paise (left out when it is not an amount, so the schema names
 * it), blank boxes as absent. The server checks it all again with the same schema.
 */
export function appealInputOf(values: AppealFormValues) {
  return {
    title: values.title,
    story: values.story,
    goal: (parseRupees(values.goalRupees) ?? undefined) as number,
    endsOn: values.endsOn || undefined,
    purposeClass: values.purposeClass,
    beyondGoal: values.beyondGoal || undefined,
    photoImageIds: values.photoImageIds,
    videoUrl: values.videoUrl || undefined,
    vetBillImageId: values.vetBillImageId ?? undefined,
  };
}

/** The form's field a schema path belongs to (`goal` → the rupees box, `photoImageIds.2` → the photos). */
export function formFieldOf(path: string): keyof AppealFormValues {
  if (path === 'goal') return 'goalRupees';
  return path.split('.')[0] as keyof AppealFormValues;
}
