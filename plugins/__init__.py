"""zenconv's built-in format plugins. Each registers through the ``zenconv`` entry points like any wheel."""
