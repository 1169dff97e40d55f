#!/usr/bin/env node
console.log('hello from the CLI');
