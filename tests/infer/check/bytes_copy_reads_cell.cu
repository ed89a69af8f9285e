// expect: drf — a thread copies its own cell and reads an integer member of the copy as an index; others write other cells.
struct R { int n; float v; };
__global__ void copy_reads_cell(R *A, float *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    A[t].v = 2.0f;
    R c = A[t];
    out[t] = c.v + (float)c.n;
}
