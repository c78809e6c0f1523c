"""The only upload the app takes is a session export; anything bigger is cut off while it arrives."""

from __future__ import annotations

from django.core.files.uploadhandler import FileUploadHandler, StopUpload

# A long evening's export is tens of kilobytes; this leaves room for years of sessions.
MAX_UPLOAD_BYTES = 2_000_000


class UploadSizeLimit(FileUploadHandler):
    """Stops reading a file past MAX_UPLOAD_BYTES, so an oversized upload fills neither memory nor
    disk (Django's own handlers would spool it to a temporary file first and let the form refuse
    it afterwards). The view learns of it from `request.upload_too_large`."""

    def new_file(self, *args: object, **kwargs: object) -> None:
        super().new_file(*args, **kwargs)  # type: ignore[arg-type]
        self.request.upload_too_large = False  # type: ignore[union-attr]

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        if start + len(raw_data) > MAX_UPLOAD_BYTES:
            self.request.upload_too_large = True  # type: ignore[union-attr]
            raise StopUpload(connection_reset=True)
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None
