//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
// expect: racy — q is reassigned, so q.x is an unknown index: two work-items may write one cell
__kernel void reassigned(__global int *a)
{
    int2 q = (int2)(get_local_id(0), 0);
    q.x = q.x + 1;
    a[q.x] = get_local_id(0);
}
