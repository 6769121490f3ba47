"""What one member, page or club can do to the others, each case of issue 33 refused."""
