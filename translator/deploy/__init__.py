"""cmpi-deploy: the files that run a port where it is meant to run (docs/deploy.md)."""
