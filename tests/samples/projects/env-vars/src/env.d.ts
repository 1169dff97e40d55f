/// <reference types="@rslib/core/types" />

declare const ACME_VERSION: string;
