// C++ leaves an integer division by zero undefined: where C divides by a
// value that is not a constant, the protocol assumes it is not 0, unless
// the context already says so or nothing that follows could use it.
__global__ void layout(int count, const float *in, float *out, int width, int height, int n, int m, int d)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count)
        return;
    int x = i % width;                        // assume width != 0
    int y = i / width % height;               // assume height != 0
    int again = i / width;                    // already assumed in this block
    int lanes = i / blockDim.x;               // a launch size: never 0
    int odd = i / (n | 1);                    // never 0
    int q = n != 0 ? i / n : 0;               // in the guarded arm, implied by its condition
    for (int k = i; k < m; k += 64 / d)       // the step: only after an iteration
        out[k] = in[k];
    for (int s = 1; s < 256; s *= 2)          // a loop variable that is never 0
        out[count + 256 / s] = in[i];
    out[((y * width + x) + again + lanes + odd + q) % count] = in[i];
    int unused = i / m;                       // nothing after it: no fact
}
