//pass
//--blockDim=64 --gridDim=1
// expect: drf — q.rows: thread t reads q.rows[0][t] and writes q.rows[2][t + 1], another buffer (pointer parameters are assumed not to overlap).
// Rows handed over as an array of pointers in a by-value struct; a shift from row 0 into row 2.
struct Rows {
    int *rows[3];
};

__global__ void shiftRow(Rows q)
{
    int t = threadIdx.x;
    int v = q.rows[0][t];
    q.rows[2][t + 1] = v;
}
