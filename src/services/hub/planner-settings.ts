/**
 * What the Hub planner keeps for a student between visits (docs/product.md, Hub planner): departments, levels and
 * courses left out of every plan. Stored as JSON on the account; unknown departments and courses are refused.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import type { PlannerSettings } from "../../lib/hub-plan.ts";
import { withCatalog } from "../catalog/catalog-cache.ts";
import { badRequest, notFound } from "../platform/domain-errors.ts";

export const PLANNER_SETTINGS_SAVED = "Your planner choices are saved.";

/** Saves what the planner leaves out; the lists are kept in the order given, each item once. */
export function savePlannerSettings(
  database: Database,
  userId: number,
  input: PlannerSettings,
): Promise<PlannerSettings> {
  return withCatalog(database.db, async (catalog) => {
    const departments = [...new Set(input.departments)];
    const unknown = departments.find((code) => !catalog.names.departments.has(code));
    if (unknown) throw badRequest(`Unknown department: ${unknown}`);
    const courses = [...new Set(input.courses)];
    if (courses.some((id) => !catalog.courses.has(id))) throw notFound("Course not found");
    const settings: PlannerSettings = { departments, levels: [...new Set(input.levels)].sort(), courses };
    // One statement, one round trip.
    await database.writeBatch((db) => [
      db.update(users).set({ plannerSettings: JSON.stringify(settings) }).where(eq(users.id, userId)),
    ]);
    return settings;
  });
}
