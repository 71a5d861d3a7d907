/// Why a Motion JPEG movie could not be written. One line for the user; the temporary file is
/// removed and nothing appears at the movie's path.
public enum MotionJPEGMovieError: Error, Equatable, CustomStringConvertible {
    /// A size or frame rate out of range.
    case invalidSettings(String)
    /// Creating, writing, flushing or renaming the file failed.
    case file(FileError)
    /// libjpeg-turbo could not compress a frame.
    case compression(JPEGCompressionError)
    /// Writing the rotation into the finished movie failed.
    case orientation(MediaError)
    /// More frames than `MotionJPEGMovie.maximumFrames`.
    case tooManyFrames(Int)
    /// `append` or `finish` after the movie was finished or cancelled.
    case alreadyFinished(String)

    public var description: String {
        switch self {
        case .invalidSettings(let what): "invalid movie settings: \(what)"
        case .file(let error): error.description
        case .compression(let error): error.description
        case .orientation(let error): "cannot write the rotation: \(error.description)"
        case .tooManyFrames(let limit): "a movie holds at most \(limit) frames"
        case .alreadyFinished(let path): "\(path): the movie is already finished"
        }
    }
}
