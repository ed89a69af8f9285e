//pass
//--local_size=64 --num_groups=16
// expect: drf — each work-item writes both components of its own int2 element p[gid], .x then .y, and reads only its own
__kernel void k(__global int2 *p)
{
    int gid = get_global_id(0);
    p[gid].x = gid;
    p[gid].y = p[gid].x + 1;
}
