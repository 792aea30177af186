import { getCtx } from "@/lib/auth/ctx";
import { saveRoute } from "@/lib/server/labeling/saveRoute";

/** PUT one verdict (clinician): lib/server/labeling/saveRoute.ts. `npm start` answers it in scripts/serve.ts, ahead of Next.js. */
export function PUT(request: Request) {
  return saveRoute(request, getCtx);
}
