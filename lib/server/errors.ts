/**
 * Typed service errors. Services throw them; route handlers and server actions map
 * them to HTTP statuses / action results in one place (`status` and a sentence a
 * person can act on — never a stack trace).
 */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Unauthorized extends ServiceError {
  constructor(message = "Please sign in.") {
    super(message, 401);
  }
}

export class Forbidden extends ServiceError {
  constructor(message = "You do not have access to this.") {
    super(message, 403);
  }
}

export class NotFound extends ServiceError {
  constructor(message = "Not found.") {
    super(message, 404);
  }
}

export class Conflict extends ServiceError {
  constructor(message: string) {
    super(message, 409);
  }
}

/** Bad input; `issues` lists the problems, e.g. `line 3: verdict: expected boolean`, and `more` counts those left out. */
export class Invalid extends ServiceError {
  constructor(
    message: string,
    readonly issues: string[] = [],
    readonly more = 0,
  ) {
    super(message, 400);
  }
}

/** A request body over its route's limit: refused before it is read further. */
export class TooLarge extends ServiceError {
  constructor(message: string) {
    super(message, 413);
  }
}
