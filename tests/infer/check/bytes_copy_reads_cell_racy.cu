// expect: racy — the twin of bytes_copy_reads_cell: the copy of the neighbour's cell reads the float member it writes.
struct R { int n; float v; };
__global__ void copy_reads_neighbour(R *A, float *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    A[t].v = 2.0f;
    R c = A[t + 1];
    out[t] = c.v + (float)c.n;
}
