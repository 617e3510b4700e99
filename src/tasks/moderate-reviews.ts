/**
 * deno task reviews:moderate                 lists the reviews hidden after reports
 * deno task reviews:moderate restore ID      shows review ID again (its reports are cleared)
 * deno task reviews:moderate delete ID       deletes review ID for good
 */
import { migrateDatabase } from "../../db/client.ts";
import { loadConfigOrExit } from "../config.ts";
import { openConfiguredDatabase } from "../startup.ts";
import { DomainError } from "../services/platform/domain-errors.ts";
import { hiddenReviews, removeReview, restoreReview } from "../services/reviews/course-reviews.ts";

const [action, rawId] = Deno.args;
const usage = "Usage: deno task reviews:moderate [restore ID | delete ID]";

const config = loadConfigOrExit();

const database = await openConfiguredDatabase(config);
try {
  await migrateDatabase(database);
  if (action === undefined || action === "list") {
    const hidden = await hiddenReviews(database.db);
    if (!hidden.length) console.log("No hidden reviews.");
    for (const review of hidden) {
      console.log(`#${review.id}  ${review.course}  (professor: ${review.teacherName})`);
      console.log(`    ${review.reviewText.replace(/\s+/g, " ").slice(0, 300)}`);
      for (const report of review.reports) console.log(`    reported ${report.createdAt}: ${report.reason}`);
    }
  } else if ((action === "restore" || action === "delete") && /^\d+$/.test(rawId ?? "")) {
    const id = Number(rawId);
    if (action === "restore") await restoreReview(database, id);
    else await removeReview(database, id);
    console.log(`Review ${id} ${action === "restore" ? "restored" : "deleted"}; the course's ratings are recomputed.`);
  } else {
    console.error(usage);
    Deno.exitCode = 2;
  }
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  console.error(error.message);
  Deno.exitCode = 1;
} finally {
  database.close();
}
